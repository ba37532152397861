export const secret = () => "server only";
