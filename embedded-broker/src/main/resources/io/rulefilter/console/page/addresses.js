// The filtered addresses at a glance; clicking one filters the subscriptions by it. Each address has a small chart of
// the messages its rules matched and rejected at each refresh since the page opened (the last 5 minutes at most):
// a trend a pair of totals cannot show.
import { call, element } from './api.js';

const SAMPLES = 61; // 60 intervals of the 5-second refresh
const SVG = 'http://www.w3.org/2000/svg';
const samples = new Map(); // address -> [{at, matched, rejected}], oldest first

export async function loadAddresses(onPick) {
  const answer = await call('GET', 'api/addresses');
  const body = document.querySelector('#addresses tbody');
  if (!answer.ok) {
    body.replaceChildren();
    document.getElementById('list-error').textContent = answer.data.error;
    return;
  }
  body.replaceChildren(...answer.data.addresses.map((address) => {
    const tr = element('tr');
    const cell = element('td');
    cell.append(chart(sample(address)));
    tr.append(element('td', address.address), element('td', address.subscriptions, 'number'),
      element('td', address.addressRule ?? '', 'rule'), element('td', address.matched, 'number'),
      element('td', address.rejected, 'number'), cell,
      element('td', address.indexed === false ? 'not served: ' + (address.routing ?? '') : 'served'));
    tr.addEventListener('click', () => onPick(address.address));
    return tr;
  }));
}

function sample(address) {
  const series = samples.get(address.address) ?? [];
  series.push({ at: Date.now(), matched: address.matched, rejected: address.rejected });
  if (series.length > SAMPLES) {
    series.shift();
  }
  samples.set(address.address, series);
  return series;
}

/** Matched (green) and rejected (red) per interval; its title says the totals of the span it shows. */
function chart(series) {
  const width = 120;
  const height = 24;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'chart');
  svg.setAttribute('width', width);
  svg.setAttribute('height', height);
  const title = document.createElementNS(SVG, 'title');
  svg.append(title);
  if (series.length < 2) {
    title.textContent = 'collecting: a point at each refresh';
    return svg;
  }
  const steps = (key) => series.slice(1).map((s, i) => Math.max(0, s[key] - series[i][key])); // a restart resets
  const matched = steps('matched');
  const rejected = steps('rejected');
  const top = Math.max(1, ...matched, ...rejected);
  for (const [values, name] of [[rejected, 'rejected'], [matched, 'matched']]) {
    const line = document.createElementNS(SVG, 'polyline');
    line.setAttribute('class', name);
    line.setAttribute('points', values.map((v, i) => (i * (width - 2)) / Math.max(1, values.length - 1) + 1
      + ',' + (height - 2 - (v * (height - 4)) / top)).join(' '));
    svg.append(line);
  }
  const sum = (values) => values.reduce((a, b) => a + b, 0);
  const seconds = Math.round((series[series.length - 1].at - series[0].at) / 1000);
  title.textContent = sum(matched) + ' matched, ' + sum(rejected) + ' rejected in the last ' + seconds + ' s';
  return svg;
}
