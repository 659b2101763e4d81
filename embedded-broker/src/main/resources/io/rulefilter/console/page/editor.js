// The selected subscription: its rule, switch and address rule, changed through the API as the signed-in operator.
// A refusal (a bad rule's caret, a role that may not change) shows under the text, and nothing changes.
import { call, when } from './api.js';

const $ = (id) => document.getElementById(id);

export class SubscriptionEditor {
  constructor(onChange) {
    this.onChange = onChange;
    this.current = null;
    $('save-rule').addEventListener('click', () => this.change('api/subscription/rule',
      { rule: $('rule-text').value.trim() }));
    $('remove-rule').addEventListener('click', () => this.change('api/subscription/remove-rule', {}));
    $('toggle-switch').addEventListener('click', () => this.change('api/subscription/switch',
      { enabled: !this.current.enabled }));
    $('save-address-rule').addEventListener('click', () => this.changeAddressRule('api/address-rule',
      { rule: $('address-rule-text').value.trim() }));
    $('remove-address-rule').addEventListener('click', () => this.changeAddressRule('api/address-rule/remove', {}));
  }

  /** @param fresh true when the operator picked it: the texts are filled in; false on a refresh: only the facts */
  show(subscription, fresh) {
    this.current = subscription;
    $('detail').hidden = false;
    $('detail-name').textContent = subscription.address + ' :: ' + subscription.queue;
    $('detail-rule').textContent = subscription.rule ?? '(none)';
    $('detail-source').textContent = subscription.source ? 'from ' + subscription.source : '';
    $('detail-creation').textContent = subscription.creationRule ?? '(none)';
    $('detail-switch').textContent = subscription.enabled ? 'on (the rule filters)' : 'off (every message is kept)';
    $('toggle-switch').textContent = subscription.enabled ? 'Switch off' : 'Switch on';
    $('detail-changed').textContent = subscription.changedAt
      ? 'by ' + (subscription.changedBy ?? 'unknown') + ' at ' + when(subscription.changedAt) : 'never changed';
    $('address-name').textContent = subscription.address;
    if (fresh) {
      $('rule-text').value = subscription.rule ?? '';
      $('rule-error').textContent = '';
      $('address-rule-error').textContent = '';
      this.loadAddressRule(subscription.address);
    }
  }

  async change(path, fields) {
    const before = this.current;
    const answer = await call('POST', path, { address: before.address, queue: before.queue, ...fields });
    if (!answer.ok) {
      $('rule-error').textContent = answer.data.error;
      return;
    }
    $('rule-error').textContent = '';
    this.show({ ...before, ...answer.data }, false);
    $('rule-text').value = answer.data.rule ?? '';
    this.onChange();
  }

  async loadAddressRule(address) {
    const answer = await call('GET', 'api/address-rule?address=' + encodeURIComponent(address));
    if (this.current.address !== address) {
      return; // another subscription was picked meanwhile
    }
    const rule = answer.ok ? answer.data : null;
    $('address-rule-text').value = rule ? rule.rule : '';
    $('address-rule-info').textContent = rule
      ? 'In force for every subscription of the address; set by ' + (rule.changedBy ?? 'unknown') + ' at ' + when(rule.changedAt)
      : (answer.status === 404 ? 'none: the subscriptions\' own rules decide' : answer.data.error);
    this.addressRule = rule;
  }

  async changeAddressRule(path, fields) {
    const address = this.current.address;
    const answer = await call('POST', path, { address, ...fields });
    if (!answer.ok) {
      $('address-rule-error').textContent = answer.data.error;
      return;
    }
    $('address-rule-error').textContent = '';
    await this.loadAddressRule(address);
    this.onChange();
  }
}
