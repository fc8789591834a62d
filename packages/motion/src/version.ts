/** Bump when results change for the same input (stored results say which engine made them). */
export const ENGINE_VERSION = "3.7.0";
