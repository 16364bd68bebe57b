import { useEffect, useRef } from 'react';

/**
 * A form's error line: announced, and focused when it appears so keyboard users land on it. Give
 * it an `id` and point the fields it concerns at it with aria-describedby.
 */
export function FormError({ message, id }: { message: string | null; id?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <p
      ref={ref}
      id={id}
      tabIndex={-1}
      role="alert"
      className="rounded-lg bg-danger-50 p-3 text-sm font-medium text-danger"
    >
      {message}
    </p>
  );
}
