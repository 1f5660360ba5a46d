/**
 * Settles in a new task: the caller's work so far ends the current one, so the browser can paint
 * and handle input before the rest. A phone counts every task over 50 ms as blocking.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));
