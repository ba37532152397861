import { createContext, Fragment, useContext } from "react";
import { choiceEndMark, choiceMark, personalValue } from "~/lib/personal-template";

/** The tag of the personal page template being rendered (app/lib/personal-template.ts); null in every other render. */
export const PersonalTemplateContext = createContext<string | null>(null);

export const usePersonalTemplate = () => useContext(PersonalTemplateContext);

/** Every way a personal part can look, each behind its marker; a hunter's copy keeps one. */
export function PersonalChoice({
  tag,
  name,
  variants,
}: {
  tag: string;
  name: string;
  variants: [variant: string, node: React.ReactNode][];
}) {
  return (
    <>
      {variants.map(([variant, node]) => (
        <Fragment key={variant}>
          {choiceMark(tag, name, variant)}
          {node}
        </Fragment>
      ))}
      {choiceEndMark(tag, name)}
    </>
  );
}

/** Where markup made for each hunter goes. */
export function PersonalSlot({ tag, name }: { tag: string; name: string }) {
  return <>{personalValue<string>(tag, name)}</>;
}
