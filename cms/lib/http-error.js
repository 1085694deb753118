'use strict';

/**
 * Errors thrown from policies. Strapi's authorize step catches Forbidden/Unauthorized
 * errors raised by policies and answers a bare "Forbidden", losing the message; an
 * http-errors error passes through and is formatted as
 * { data: null, error: { status, name, message, details } }.
 */
const createError = require('http-errors');

const forbidden = (message) => createError(403, message, { details: {} });
const unauthorized = (message) => createError(401, message, { details: {} });

module.exports = { forbidden, unauthorized };
