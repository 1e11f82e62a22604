/**
 * Rumo's mark (the drawing of public/favicon.svg) inline in the page: an <img> of the SVG cost a
 * request, a preload React put ahead of the stylesheet, and an SVG document built to draw 28 pixels.
 */
export function BrandMark({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false" className="shrink-0">
      <rect width="64" height="64" rx="14" fill="#6d28d9" />
      <path d="M20 46V18h13a9 9 0 0 1 2 17.8L45 46h-8l-9-10h-1v10zm7-16h6a3 3 0 0 0 0-6h-6z" fill="#fff" />
    </svg>
  );
}
