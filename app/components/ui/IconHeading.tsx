import type { ReactNode } from "react";

/** A page's heading beside its icon in a round badge of the page's tint (the Hall of Fame, the map, Hunt near me). */
export function IconHeading({ icon, tint, children }: { icon: ReactNode; tint: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-3">
      <span className={`flex h-11 w-11 items-center justify-center rounded-full ${tint}`}>{icon}</span>
      <h1 className="text-3xl font-extrabold tracking-tight">{children}</h1>
    </div>
  );
}
