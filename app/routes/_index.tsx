import { useRootData } from "~/root";

export default function Home() {
  const hunt = useRootData()?.hunt;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{hunt?.name}</h1>
    </section>
  );
}
