import { useNavigation } from "@remix-run/react";

/** A thin bar at the top of the window while a page is loading (JavaScript only). */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      aria-hidden="true"
      className={`pointer-events-none fixed inset-x-0 top-0 z-[60] h-1 origin-left bg-orange-600 transition-transform duration-500 ease-out ${
        busy ? "scale-x-75" : "scale-x-0 opacity-0"
      }`}
    />
  );
}
