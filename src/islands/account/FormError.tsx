import { useEffect, useRef } from 'react';

/** A form's error line: announced, and focused when it appears so keyboard users land on it. */
export function FormError({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <p ref={ref} tabIndex={-1} role="alert" className="rounded-lg bg-danger-50 p-3 text-sm font-medium text-danger">
      {message}
    </p>
  );
}
