'use strict';
// The request's argument checks, read from request.schema.json (generated
// from the library's field table, io/include/mjk/request_schema.hpp): a tiny
// validator of the JSON Schema subset that file uses (type, enum, const,
// minimum, maximum, maxLength, minItems, maxItems, items, properties,
// anyOf). Unknown fields and missing required ones are left to the library,
// whose reader names them; here a value of a known field is checked so the
// error names the argument the caller passed, not a byte of a JSON line.

const schema = require('./request.schema.json');

const jsonType = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'boolean' ? 'boolean'
  : typeof v === 'string' ? 'string' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number')
  : typeof v === 'object' ? 'object' : typeof v);

function show(v) {
  let s;
  try { s = JSON.stringify(v); } catch { s = undefined; }
  if (s === undefined) return typeof v;
  return s.length > 40 ? `${s.slice(0, 40)}...` : s;
}

// The JSON types a schema admits, or null for any.
function typesOf(s) {
  if (s.anyOf) return s.anyOf.flatMap((x) => typesOf(x) || []);
  if (s.type) return [].concat(s.type);
  const values = s.enum || ('const' in s ? [s.const] : null);
  return values ? [...new Set(values.map(jsonType))] : null;
}

function admits(types, v) {
  const t = jsonType(v);
  return types.includes(t) || (t === 'integer' && types.includes('number'));
}

// A schema's maximum as JavaScript can hold it: past Number.MAX_SAFE_INTEGER
// (max_vertices' 2^64 - 1) a number is no exact integer, so the largest is
// the largest safe one.
const maximumOf = (s) => (s.maximum > Number.MAX_SAFE_INTEGER ? Number.MAX_SAFE_INTEGER : s.maximum);

// What a schema asks for, in words.
function describe(s) {
  if (s['x-must']) return s['x-must'].replace(/^\S+ must be /, '');
  if (s.enum) return `one of ${s.enum.map(show).join(', ')}`;
  const t = typesOf(s) || [];
  const range = 'minimum' in s ? ` from ${s.minimum} to ${maximumOf(s)}` : '';
  return t.map((x) => ({ boolean: 'true or false', integer: `an integer${range}`, string: 'a string', array: 'an array',
    object: 'an object', null: 'null' }[x] || x)).join(' or ');
}

// null when v fits s, else {type: wrong JSON type?, message}. strict also
// refuses unknown fields of nested objects and missing required ones (the
// server's policy; the bindings leave those to the library's reader).
function check(v, s, path, strict = false) {
  const fail = (type) => ({ type, message: `${path} must be ${describe(s)}, got ${show(v)}` });
  const types = typesOf(s);
  if (types && !admits(types, v)) return fail(true);
  if (s.anyOf) {
    if (s.anyOf.some((x) => check(v, x, path, strict) === null)) return null;
    return fail(false);
  }
  if (s.enum && !s.enum.includes(v)) return fail(false);
  if ('const' in s && s.const !== v) return fail(false);
  if (typeof v === 'number' && (('minimum' in s && v < s.minimum) || ('maximum' in s && v > maximumOf(s)))) return fail(false);
  if (typeof v === 'string' && 'maxLength' in s && v.length > s.maxLength) return fail(false);
  if (Array.isArray(v)) {
    if (('minItems' in s && v.length < s.minItems) || ('maxItems' in s && v.length > s.maxItems)) return fail(false);
    if (s.items)
      for (let i = 0; i < v.length; i++) {
        const e = check(v[i], s.items, `${path}[${i}]`, strict);
        if (e) return e;
      }
  }
  if (jsonType(v) === 'object' && s.properties) {
    for (const key of Object.keys(v)) {
      if (strict && !s.properties[key] && s.additionalProperties === false)
        return { type: false, message: `${path} has an unknown field ${show(key)} (known: ${Object.keys(s.properties).join(', ')})` };
      const e = s.properties[key] ? check(v[key], s.properties[key], `${path}.${key}`, strict) : null;
      if (e) return e;
    }
    const missing = strict && (s.required || []).find((key) => !(key in v));
    if (missing) return { type: false, message: `${path} needs ${s.required.join(' and ')}, not ${show(v)}` };
  }
  return null;
}

// A request object's known fields checked: null, or {type, message}.
function checkRequest(request) {
  for (const key of Object.keys(request)) {
    const s = schema.properties[key];
    if (!s || request[key] === undefined) continue;
    const e = check(request[key], s, key);
    if (e) return e;
  }
  return null;
}

module.exports = { schema, check, checkRequest };
