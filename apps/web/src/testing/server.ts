import { setupServer } from 'msw/node';

/** The MSW server of the web tests: every request needs a handler (onUnhandledRequest: 'error'). */
export const server = setupServer();
