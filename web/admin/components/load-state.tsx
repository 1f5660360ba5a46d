// What a screen shows while its data loads, and when it could not: the message and Try again.

export function Loading({ label }: { label: string }) {
  return (
    <p className="admin-loading" role="status">
      <span className="admin-spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="admin-failed" role="alert">
      <p>{message}</p>
      <button type="button" className="button button-ghost" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
