import "./page-loading.css";

/** Holds a screen's place while its code loads, so the navbar and footer do not jump. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
