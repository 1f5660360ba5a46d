// How the browser takes over the page the Worker rendered: React Router's own entry, which
// hydrates the document. It runs only once the page has painted its largest image: the root writes
// React Router's module script inert and starts it after that paint (app/after-paint.ts), so
// downloading and hydrating the code, a long task on a phone, never holds that paint back.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
