import { initials } from "~/lib/format";

export function Avatar({
  firstName,
  lastName,
  imageUrl,
  size = "md",
}: {
  firstName: string;
  lastName: string;
  imageUrl: string | null;
  size?: "sm" | "md" | "lg";
}) {
  const box = size === "sm" ? "h-8 w-8 text-xs" : size === "lg" ? "h-12 w-12 text-base" : "h-10 w-10 text-sm";
  if (imageUrl) {
    return (
      <img
        src={imageUrl}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        decoding="async"
        className={`${box} shrink-0 rounded-full bg-stone-200 object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-orange-100 font-semibold text-orange-800`}
    >
      {initials(firstName, lastName)}
    </span>
  );
}
