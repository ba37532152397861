import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

/** The per-request Content-Security-Policy nonce (empty in the browser). */
export function useNonce(): string {
  return useContext(NonceContext);
}
