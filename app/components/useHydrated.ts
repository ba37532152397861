import { useEffect, useState } from "react";

let hydratedOnce = false;

/** False during server rendering and the first client render; true once React runs in the browser. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
