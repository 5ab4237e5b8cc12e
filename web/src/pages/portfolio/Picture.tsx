import { photos } from 'virtual:portfolio-photos';
import type { Photo } from './content/types.ts';

/**
 * One of the owner's pictures as AVIF or WebP at the width the layout needs (`sizes`), with its
 * width and height so the page does not move when it arrives. Only a picture the first screen
 * shows is `priority`: the others load when they come near the screen.
 */
export function Picture({
  photo,
  sizes,
  priority = false,
  className,
}: {
  photo: Photo;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const image = photos[photo.file];
  // Every name is checked by the build (content/validate.ts); a missing one shows its text.
  if (!image) return <span className={className}>{photo.alt}</span>;
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={image.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.webp} sizes={sizes} />
      <img
        src={image.src}
        alt={photo.alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
      />
    </picture>
  );
}
