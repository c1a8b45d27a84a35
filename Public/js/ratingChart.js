// A player's rating over their recent rated games of one game (issue 42): a plain SVG line, oldest on
// the left, each game a dot, the lowest and highest ratings written on the left edge. The figure is an
// image with a title and a sentence of its own (the table beside it lists every game).

import { number, t } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 320;
const HEIGHT = 120;
const PAD = { left: 40, right: 10, top: 12, bottom: 12 };

function svg(tag, attributes = {}) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

/**
 * The chart of `ratings` (oldest first) for `gameName`, its ids prefixed with `id`: an <svg> with
 * role img, or null for fewer than one rating.
 */
export function ratingChart(ratings, { gameName, id }) {
  if (!ratings.length) return null;
  const low = Math.min(...ratings);
  const high = Math.max(...ratings);
  // A flat line sits in the middle; otherwise the lowest at the bottom and the highest at the top.
  const span = high - low || 1;
  const x = (index) => PAD.left + (ratings.length === 1 ? (WIDTH - PAD.left - PAD.right) / 2 : (index * (WIDTH - PAD.left - PAD.right)) / (ratings.length - 1));
  const y = (rating) => (high === low ? HEIGHT / 2 : PAD.top + ((high - rating) * (HEIGHT - PAD.top - PAD.bottom)) / span);
  const figure = (value) => number(value, { useGrouping: false });

  const chart = svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'rating-chart', role: 'img', 'aria-labelledby': `${id}-title ${id}-desc` });
  chart.dataset.testid = 'rating-chart';
  const title = svg('title', { id: `${id}-title` });
  title.textContent = t('player.chartTitle', { game: gameName });
  const desc = svg('desc', { id: `${id}-desc` });
  desc.textContent = t('player.chartText', {
    count: ratings.length,
    first: figure(ratings[0]),
    last: figure(ratings[ratings.length - 1]),
    low: figure(low),
    high: figure(high),
  });
  chart.append(title, desc);

  for (const value of high === low ? [high] : [high, low]) {
    chart.append(svg('line', { class: 'rating-chart__rule', x1: PAD.left, x2: WIDTH - PAD.right, y1: y(value), y2: y(value) }));
    const label = svg('text', { class: 'rating-chart__label', x: PAD.left - 6, y: y(value), 'text-anchor': 'end', 'dominant-baseline': 'middle' });
    label.textContent = figure(value);
    chart.append(label);
  }
  const points = ratings.map((rating, index) => `${x(index).toFixed(1)},${y(rating).toFixed(1)}`);
  chart.append(svg('polyline', { class: 'rating-chart__line', points: points.join(' ') }));
  ratings.forEach((rating, index) => {
    chart.append(svg('circle', { class: 'rating-chart__dot', cx: x(index).toFixed(1), cy: y(rating).toFixed(1), r: 3 }));
  });
  return chart;
}
