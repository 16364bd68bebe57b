import { responsiveSources } from '../../lib/images';

type Props = {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  widths?: number[];
  /** true: the largest paint (eager, fetched first); 'low': shown but never before the rest (small thumbnails). */
  priority?: boolean | 'low';
  className?: string;
};

/**
 * A product or store image: AVIF/WebP at several widths for generated art, width and height set
 * (no layout shift), lazy unless `priority` is true, fetched last when it is 'low', the placeholder
 * on error (BaseLayout's handler).
 * Rendered to static HTML by Astro pages and live inside islands.
 */
export function Picture({
  src,
  alt,
  width,
  height,
  sizes,
  widths = [320, 480, 640, 800],
  priority = false,
  className,
}: Props) {
  const s = responsiveSources(src, widths);
  return (
    <picture>
      {s.avif && <source type="image/avif" srcSet={s.avif} sizes={sizes} />}
      {s.webp && <source type="image/webp" srcSet={s.webp} sizes={sizes} />}
      <img
        src={s.src}
        alt={alt}
        width={width}
        height={height}
        loading={priority === true ? 'eager' : 'lazy'}
        fetchPriority={priority === true ? 'high' : priority === 'low' ? 'low' : 'auto'}
        decoding="async"
        className={className}
        data-fallback=""
      />
    </picture>
  );
}
