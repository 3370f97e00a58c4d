import { cn } from '../../../lib/cn.ts';

type Props = {
  /** File name without extension under /images/ (built by scripts/build-images.ts). */
  name: string;
  alt: string;
  width: number;
  height: number;
  /** Images below the fold load lazily; the hero's would not. */
  eager?: boolean;
  className?: string;
};

/** A WebP image with a PNG fallback; width and height reserve its box so nothing shifts as it loads. */
export function MarketingImage({ name, alt, width, height, eager = false, className }: Props) {
  return (
    <picture>
      <source srcSet={`/images/${name}.webp`} type="image/webp" />
      <img
        src={`/images/${name}.png`}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={cn('h-auto max-w-full', className)}
      />
    </picture>
  );
}
