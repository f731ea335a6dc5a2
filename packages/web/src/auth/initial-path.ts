/** The path and search the document was loaded at, before any client-side navigation. */
export const initialDocumentPath = `${window.location.pathname}${window.location.search}`;
