import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
// Base styles load before any component's own stylesheet. Toast styles come from a bundled
// file because the CSP (style-src 'self') forbids the <style> tag react-toastify would inject.
import "react-toastify/dist/ReactToastify.css";
import "./app/styles.css";
import { routes } from "./app/router";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={createBrowserRouter(routes)} />
  </StrictMode>,
);
