export const publicUrl = (key: string) => `/media/${key}`;
