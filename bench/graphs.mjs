// Shared by the benchmarks: seeded random layered DAGs, and a geometric edge-crossing counter that
// scores any layout the same way (ours and elkjs's).

/** mulberry32: a small seeded PRNG, so every run sees the same graphs. */
export function rng(seed) {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A random layered DAG of `n` nodes in about √n layers, with about 1.5 edges per node: each node
 * below the first layer has one edge from the layer above, and three in five one more from one to
 * three layers above (about 1.5 edges per node in all). Widths vary like block names (64–200 px).
 */
export function randomLayeredDag(n, seed = 1) {
  const random = rng(seed * 7919 + n);
  const layerCount = Math.max(2, Math.round(Math.sqrt(n)));
  const layers = Array.from({ length: layerCount }, () => []);
  for (let v = 0; v < n; v++) layers[v < layerCount ? v : Math.floor(random() * layerCount)].push(v);
  const layerOf = new Array(n);
  layers.forEach((nodes, l) => nodes.forEach((v) => (layerOf[v] = l)));
  const pick = (l) => layers[l][Math.floor(random() * layers[l].length)];
  const edges = new Set();
  for (let v = 0; v < n; v++) {
    const l = layerOf[v];
    if (l === 0) continue;
    edges.add(`${pick(l - 1)},${v}`);
    if (random() < 0.6) {
      const from = Math.max(0, l - 1 - Math.floor(random() * 3));
      edges.add(`${pick(from)},${v}`);
    }
  }
  const widths = Array.from({ length: n }, () => 64 + Math.round(random() * 136));
  return { widths, edges: [...edges].map((e) => e.split(",").map(Number)) };
}

/**
 * Proper crossings between polylines (arrays of [x, y]); segments of the same polyline and
 * segments that merely touch (a shared node, a shared endpoint) do not count.
 */
export function countCrossings(polylines) {
  const segments = [];
  polylines.forEach((points, edge) => {
    for (let i = 1; i < points.length; i++) {
      const [a, b] = [points[i - 1], points[i]];
      segments.push({ edge, a, b, minY: Math.min(a[1], b[1]), maxY: Math.max(a[1], b[1]), minX: Math.min(a[0], b[0]), maxX: Math.max(a[0], b[0]) });
    }
  });
  segments.sort((s, t) => s.minY - t.minY);
  const cross = (p, q, r) => (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  const eps = 1e-6;
  let count = 0;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    for (let j = i + 1; j < segments.length && segments[j].minY < s.maxY - eps; j++) {
      const t = segments[j];
      if (t.edge === s.edge || t.minX > s.maxX || t.maxX < s.minX) continue;
      const d1 = cross(s.a, s.b, t.a), d2 = cross(s.a, s.b, t.b), d3 = cross(t.a, t.b, s.a), d4 = cross(t.a, t.b, s.b);
      if (((d1 > eps && d2 < -eps) || (d1 < -eps && d2 > eps)) && ((d3 > eps && d4 < -eps) || (d3 < -eps && d4 > eps))) count++;
    }
  }
  return count;
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
