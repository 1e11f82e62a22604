import { createContext, useContext } from "react";

/** The CSP nonce of this response; set on the server only (browsers hide it after load). */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
