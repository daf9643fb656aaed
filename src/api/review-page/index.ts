export { reviewPage } from './review-page.js';
