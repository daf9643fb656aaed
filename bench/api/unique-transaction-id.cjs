// autocannon setupRequest, loaded with require() inside its worker thread (a function cannot be sent
// there, and it needs CommonJS): gives every submitted transaction its own external_transaction_id,
// so each request is a real submit rather than a replay of the first one.
/* global module, process */
'use strict';

// Unique across the bench's workers and runs: a random prefix per worker, then a counter.
const prefix = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
let sequence = 0;

module.exports = function uniqueTransactionId(request) {
  sequence += 1;
  return { ...request, body: request.body.replace('__ID__', `${prefix}-${sequence}`) };
};
