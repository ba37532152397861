export type Letter = { to: string; text: string };

export const send = (letter: Letter) => letter.to.length > 0;
