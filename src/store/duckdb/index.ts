export { openDuckDbStore } from './open.js';
