import { createContext, Fragment, useContext } from "react";
import { choiceEndMark, choiceMark, personalValue } from "~/lib/personal-template";

/** True only while the server renders a personal page template (app/lib/personal-template.ts). */
export const PersonalTemplateContext = createContext(false);

export const usePersonalTemplate = () => useContext(PersonalTemplateContext);

/** Every way a personal part can look, each behind its marker; a hunter's copy keeps one. */
export function PersonalChoice({ name, variants }: { name: string; variants: [variant: string, node: React.ReactNode][] }) {
  return (
    <>
      {variants.map(([variant, node]) => (
        <Fragment key={variant}>
          {choiceMark(name, variant)}
          {node}
        </Fragment>
      ))}
      {choiceEndMark(name)}
    </>
  );
}

/** Where markup made for each hunter goes. */
export function PersonalSlot({ name }: { name: string }) {
  return <>{personalValue<string>(name)}</>;
}
