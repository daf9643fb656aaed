export { askRunningServer } from './control-client.js';
export { startControlServer } from './control-server.js';
export type { ControlServer } from './control-server.js';
export { controlSocketOf } from './control-socket.js';
