export {
  allowedTransitions,
  isTerminalState,
  transitionTransaction,
  TRANSACTION_TRANSITIONS,
  type TransitionActor,
  type TransitionRequest,
  type TransitionResult,
  type TransitionRule,
} from './state-machine.js';
