export type Row = { id: number; name: string };

export const db = { rows: [] as Row[] };
