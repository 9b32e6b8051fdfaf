/** The sampling values the generators pass where a library's generate call accepts them. */
export const sampling = { topP: 0.99, temperature: 0.85 } as const;
