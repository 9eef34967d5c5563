// The run-time support the translated functions call, as text the prelude carries (program.mjs):
// the memory (a plain ArrayBuffer, `buffer`, with `pages` of it in use, and its typed-array and
// DataView views, made again when it grows past its room), and the helpers for what JavaScript has
// no operator for: i64 arithmetic on word pairs (the high word returned in H), bit counts,
// rotations, float reinterpretation and wasm's float rounding. It reads `buffer`, `pages` and
// MAXPAGES, which the prelude declares before it.

export const SUPPORT = `
let H=0,I8,U8,I16,U16,I32,F4,F8,DV;
function views(){I8=new Int8Array(buffer);U8=new Uint8Array(buffer);I16=new Int16Array(buffer);U16=new Uint16Array(buffer);I32=new Int32Array(buffer);F4=new Float32Array(buffer);F8=new Float64Array(buffer);DV=new DataView(buffer)}
views();
function msize(){return pages}
function mgrow(n){const old=pages;if(n==0)return old;const next=old+(n>>>0);if(next>MAXPAGES)return -1;if(next*65536>buffer.byteLength){try{const b=new ArrayBuffer(Math.min(MAXPAGES,Math.max(next,2*(buffer.byteLength>>>16)))*65536);new Uint8Array(b).set(U8);buffer=b;views()}catch{return -1}}pages=next;return old}
const fr=Math.fround,imul=Math.imul,clz=Math.clz32,SF8=new Float64Array(1),SF4=new Float32Array(SF8.buffer),SI4=new Int32Array(SF8.buffer);
function U(){throw new Error("unreachable executed")}
function ctz(x){return x?31-clz(x&-x):32}
function popc(x){x-=x>>>1&1431655765;x=(x&858993459)+(x>>>2&858993459);return imul(x+(x>>>4)&252645135,16843009)>>>24}
function rotl(x,n){return x<<n|x>>>32-n}
function rotr(x,n){return x>>>n|x<<32-n}
function clz64(l,h){return h?clz(h):32+clz(l)}
function ctz64(l,h){return l?ctz(l):32+ctz(h)}
function mul64(al,ah,bl,bh){const a0=al&65535,a1=al>>>16,b0=bl&65535,b1=bl>>>16,p00=a0*b0,p01=a0*b1,p10=a1*b0,mid=(p00>>>16)+(p01&65535)+(p10&65535);H=a1*b1+(p01>>>16)+(p10>>>16)+(mid>>>16)+imul(al,bh)+imul(ah,bl)|0;return mid<<16|p00&65535}
function big(l,h){return BigInt(h)<<32n|BigInt(l>>>0)}
function ubig(l,h){return BigInt(h>>>0)<<32n|BigInt(l>>>0)}
function unbig(b){H=Number(BigInt.asIntN(32,b>>32n));return Number(BigInt.asIntN(32,b))}
function divs64(al,ah,bl,bh){if(ah==al>>31&&bh==bl>>31){const q=Math.trunc(al/bl);H=q<0?-1:0;return q|0}return unbig(big(al,ah)/big(bl,bh))}
function rems64(al,ah,bl,bh){if(ah==al>>31&&bh==bl>>31){const r=al%bl|0;H=r>>31;return r}return unbig(big(al,ah)%big(bl,bh))}
function divu64(al,ah,bl,bh){if(!(ah|bh)){H=0;return Math.floor((al>>>0)/(bl>>>0))|0}return unbig(ubig(al,ah)/ubig(bl,bh))}
function remu64(al,ah,bl,bh){if(!(ah|bh)){H=0;return (al>>>0)%(bl>>>0)|0}return unbig(ubig(al,ah)%ubig(bl,bh))}
function shl64(l,h,n){n&=63;if(!n){H=h;return l}if(n<32){H=h<<n|l>>>32-n;return l<<n}H=l<<n-32;return 0}
function shru64(l,h,n){n&=63;if(!n){H=h;return l}if(n<32){H=h>>>n;return l>>>n|h<<32-n}H=0;return h>>>n-32|0}
function shrs64(l,h,n){n&=63;if(!n){H=h;return l}if(n<32){H=h>>n;return l>>>n|h<<32-n}H=h>>31;return h>>n-32}
function rotl64(l,h,n){n&=63;if(n>=32){const x=l;l=h;h=x;n-=32}if(!n){H=h;return l}H=h<<n|l>>>32-n;return l<<n|h>>>32-n}
function rotr64(l,h,n){return rotl64(l,h,64-(n&63))}
function i64f(x){x=Math.trunc(x);const h=Math.floor(x/4294967296);H=h|0;return x-h*4294967296|0}
function rf32(x){SF4[0]=x;return SI4[0]}
function rf32i(i){SI4[0]=i;return SF4[0]}
function ri64(x){SF8[0]=x;H=SI4[1];return SI4[0]}
function rf64(l,h){SI4[0]=l;SI4[1]=h;return SF8[0]}
function nearest(x){const r=Math.round(x);return Math.abs(x-Math.trunc(x))==.5&&r%2!=0?r-1:r}
function copysign(a,b){return b<0||Object.is(b,-0)?-Math.abs(a):Math.abs(a)}
`;
