/** A product's or category's square picture, or a plain tile when it has none. */
export function Thumb({ src, size = 56 }: { src: string | null | undefined; size?: number }) {
  return (
    <span className="admin-thumb">
      {src ? (
        <img src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />
      ) : (
        <span className="admin-thumb-empty" aria-hidden="true" />
      )}
    </span>
  );
}
