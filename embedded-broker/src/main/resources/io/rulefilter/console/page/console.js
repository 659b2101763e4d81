// The RuleFilter console page: sign in, then the table, the selected subscription and the trial panel.
import { loadAddresses } from './addresses.js';
import { call, signIn, signOut, user } from './api.js';
import { loadChanges } from './changes.js';
import { SubscriptionEditor } from './editor.js';
import { SubscriptionTable } from './subscriptions.js';
import { RuleTrialPanel } from './trial.js';

const $ = (id) => document.getElementById(id);
let table = null;

$('sign-in').addEventListener('submit', async (event) => {
  event.preventDefault();
  signIn($('user').value, $('password').value);
  const answer = await call('GET', 'api/subscriptions?limit=0');
  if (!answer.ok) {
    signOut();
    $('sign-in-error').textContent = answer.data.error;
    return;
  }
  $('password').value = '';
  $('sign-in-error').textContent = '';
  $('sign-in').hidden = true;
  $('session').hidden = false;
  $('who').textContent = user();
  $('console').hidden = false;
  start();
});

$('sign-out').addEventListener('click', () => {
  signOut();
  window.location.reload(); // forgets everything the page showed
});

function start() {
  const trial = new RuleTrialPanel();
  const editor = new SubscriptionEditor(() => table.load());
  table = new SubscriptionTable((subscription, picked) => {
    editor.show(subscription, picked);
    if (picked) {
      trial.select(subscription);
    }
  }, (node) => {
    $('node').textContent = node ? 'of node ' + node : '';
    loadChanges(); // with the table: a change another operator made shows here too
    loadAddresses((address) => table.filter(address));
  });
  table.load();
}
