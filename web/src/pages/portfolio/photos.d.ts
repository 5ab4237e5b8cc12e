// Made at build time by scripts/portfolio-photos.ts from the files in content/photos/.
declare module 'virtual:portfolio-photos' {
  export type ResponsivePhoto = {
    width: number;
    height: number;
    /** srcset strings: `url 360w, url 720w, …` */
    avif: string;
    webp: string;
    src: string;
  };
  export const photos: Record<string, ResponsivePhoto>;
}
