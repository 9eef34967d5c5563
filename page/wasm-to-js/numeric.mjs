// Numeric instructions on 32-bit and float operands, as text around their operands' (an i32 is a
// JavaScript int32, f32 and f64 are numbers, f32 rounded by Math.fround); the i64 ones are in
// numeric64.mjs. A comparison's result is a boolean, which a number context reads as +b.
import { I32, F32, F64 } from "./read.mjs";
import { pop, kindOf, pushExpr } from "./stack.mjs";
import { numeric64 } from "./numeric64.mjs";

// [before, between, after, result type, boolean] for binary, [before, after, type] for unary.
const BINARY = [], UNARY = [];
const bin = (ops, before, between, after, type, bool = false) => ops.forEach((op) => (BINARY[op] = [before, between, after, type, bool]));
const un = (ops, before, after, type, bool = false) => ops.forEach((op) => (UNARY[op] = [before, after, type, bool]));
un([0x45], "(!", ")", I32, true);
bin([0x46, 0x5b, 0x61], "(", "==", ")", I32, true);
bin([0x47, 0x5c, 0x62], "(", "!=", ")", I32, true);
bin([0x48, 0x5d, 0x63], "(", "<", ")", I32, true);
bin([0x49], "((", ">>>0)<(", ">>>0))", I32, true);
bin([0x4a, 0x5e, 0x64], "(", ">", ")", I32, true);
bin([0x4b], "((", ">>>0)>(", ">>>0))", I32, true);
bin([0x4c, 0x5f, 0x65], "(", "<=", ")", I32, true);
bin([0x4d], "((", ">>>0)<=(", ">>>0))", I32, true);
bin([0x4e, 0x60, 0x66], "(", ">=", ")", I32, true);
bin([0x4f], "((", ">>>0)>=(", ">>>0))", I32, true);
un([0x67], "clz(", ")", I32);
un([0x68], "ctz(", ")", I32);
un([0x69], "popc(", ")", I32);
bin([0x6a], "(", "+", "|0)", I32);
bin([0x6b], "(", "-", "|0)", I32);
bin([0x6c], "imul(", ",", ")", I32);
bin([0x6d], "(", "/", "|0)", I32);
bin([0x6e], "((", ">>>0)/(", ">>>0)|0)", I32);
bin([0x6f], "(", "%", "|0)", I32);
bin([0x70], "((", ">>>0)%(", ">>>0)|0)", I32);
bin([0x71], "(", "&", ")", I32);
bin([0x72], "(", "|", ")", I32);
bin([0x73], "(", "^", ")", I32);
bin([0x74], "(", "<<", ")", I32);
bin([0x75], "(", ">>", ")", I32);
bin([0x76], "(", ">>>", "|0)", I32);
bin([0x77], "rotl(", ",", ")", I32);
bin([0x78], "rotr(", ",", ")", I32);
for (const [op, type] of [[0x8b, F32], [0x99, F64]]) un([op], "Math.abs(", ")", type);
for (const [op, type] of [[0x8c, F32], [0x9a, F64]]) un([op], "(-", ")", type);
for (const [op, type] of [[0x8d, F32], [0x9b, F64]]) un([op], "Math.ceil(", ")", type);
for (const [op, type] of [[0x8e, F32], [0x9c, F64]]) un([op], "Math.floor(", ")", type);
for (const [op, type] of [[0x8f, F32], [0x9d, F64]]) un([op], "Math.trunc(", ")", type);
for (const [op, type] of [[0x90, F32], [0x9e, F64]]) un([op], "nearest(", ")", type);
un([0x91], "fr(Math.sqrt(", "))", F32);
un([0x9f], "Math.sqrt(", ")", F64);
bin([0x92], "fr(", "+", ")", F32);
bin([0x93], "fr(", "-", ")", F32);
bin([0x94], "fr(", "*", ")", F32);
bin([0x95], "fr(", "/", ")", F32);
bin([0xa0], "(", "+", ")", F64);
bin([0xa1], "(", "-", ")", F64);
bin([0xa2], "(", "*", ")", F64);
bin([0xa3], "(", "/", ")", F64);
for (const [op, type] of [[0x96, F32], [0xa4, F64]]) bin([op], "Math.min(", ",", ")", type);
for (const [op, type] of [[0x97, F32], [0xa5, F64]]) bin([op], "Math.max(", ",", ")", type);
for (const [op, type] of [[0x98, F32], [0xa6, F64]]) bin([op], "copysign(", ",", ")", type);
un([0xa8, 0xa9, 0xaa, 0xab], "(~~", ")", I32);
un([0xb2, 0xb6], "fr(", ")", F32);
un([0xb3], "fr(", ">>>0)", F32);
un([0xb7], "(+", ")", F64);
un([0xb8], "(", ">>>0)", F64);
un([0xbc], "rf32(", ")", I32);
un([0xbe], "rf32i(", ")", F32);

/** The numeric instructions' handlers (0x45 to 0xbf) into `handlers` (by opcode). */
export function addNumericHandlers(handlers) {
  for (let op = 0x45; op <= 0xbf; op++) handlers[op] = BINARY[op] ? binary : UNARY[op] ? unary : numeric64;
}

function binary(op) {
  const [before, between, after, type, bool] = BINARY[op];
  const b = pop(), a = pop();
  pushExpr(before + a.v + between + b.v + after, type, kindOf(a, b), bool);
}
function unary(op) {
  const [before, after, type, bool] = UNARY[op];
  const a = pop();
  pushExpr(before + a.v + after, type, kindOf(a), bool);
}
