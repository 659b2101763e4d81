// The filtered addresses at a glance; clicking one filters the subscriptions by it.
import { call, element } from './api.js';

export async function loadAddresses(onPick) {
  const answer = await call('GET', '/api/addresses');
  const body = document.querySelector('#addresses tbody');
  if (!answer.ok) {
    body.replaceChildren();
    document.getElementById('list-error').textContent = answer.data.error;
    return;
  }
  body.replaceChildren(...answer.data.addresses.map((address) => {
    const tr = element('tr');
    tr.append(element('td', address.address), element('td', address.subscriptions, 'number'),
      element('td', address.addressRule ?? '', 'rule'), element('td', address.matched, 'number'),
      element('td', address.rejected, 'number'),
      element('td', address.indexed === false ? 'not served: ' + (address.routing ?? '') : 'served'));
    tr.addEventListener('click', () => onPick(address.address));
    return tr;
  }));
}
