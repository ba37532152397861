import { Outlet } from "@remix-run/react";
import { names } from "~/models/names.server";

export function loader() {
  return { names: names() };
}

export default function App() {
  return <Outlet />;
}
