// The back-office's entry (admin.html, served for /admin and every address under it). A program of
// its own: nothing the shop's entry (main.tsx) reaches imports web/admin/, so shoppers never
// download it. It shares the shop's API client, stored session and contracts.
import "../components/shapes.css";
import "./admin.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { ADMIN_BASE } from "./paths";
import { adminRoutes } from "./router";

const container = document.getElementById("root");
if (!container) throw new Error("admin.html has no #root element");

const router = createBrowserRouter(adminRoutes, { basename: ADMIN_BASE });
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
