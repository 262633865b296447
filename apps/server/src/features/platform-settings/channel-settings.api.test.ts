import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../../test/harness';
import { staffToken } from '../../test/staff';
import { postAudited, postRefused } from './settings-test-support';

/** Real mainnet addresses with valid checksums (the USDT contract owners are irrelevant here). */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ETH_ADDRESS = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

describeOnEachDatabase('operator settings: deposit and withdrawal channels', (dialect) => {
  let server: TestServer;
  let finance: { token: string; id: number };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    finance = await staffToken(server, 'finance');
  });
  afterAll(() => server.close());

  const channel = async (name: string) => {
    const list = await server.get('/api/operator/rechargeChannels', { token: finance.token });
    return list.body.rows.find((row: { channelName: string }) => row.channelName === name);
  };
  const customerChannels = async () => (await server.get('/api/rechargeChannelConfig/list')).body.rows;

  it('publishes a TRC20 payee address that customers see at once', async () => {
    const trc = await channel('USDT (TRC20)');
    expect(trc).toMatchObject({ network: 'TRC20', payeeAddress: '', currencyName: 'USDT' });
    const body = {
      id: trc.id,
      network: 'TRC20',
      payeeAddress: TRON_ADDRESS,
      minAmount: '20.00',
      maxAmount: '250000',
      instructions: 'Send USDT on TRON only.',
      isVisible: 1,
      sort: 0,
      reason: 'new cold wallet',
    };
    const { data, audit } = await postAudited(server, finance.token, '/api/operator/rechargeChannels/save', body, {
      action: 'recharge_channel.save',
      staffId: finance.id,
    });
    expect(data).toMatchObject({ payeeAddress: TRON_ADDRESS, minAmount: '20', maxAmount: '250000' });
    expect(JSON.parse(audit.before_json!)).toMatchObject({ payeeAddress: '', minAmount: '10' });
    const shown = (await customerChannels()).find((row: { id: number }) => row.id === trc.id);
    expect(shown).toMatchObject({
      network: 'TRC20',
      payeeAddress: TRON_ADDRESS,
      minAmount: '20',
      instructions: 'Send USDT on TRON only.',
    });

    const path = '/api/operator/rechargeChannels/save';
    const refused = (patch: Record<string, unknown>, msg: string, params?: Record<string, unknown>) =>
      postRefused(server, finance.token, path, { ...body, ...patch }, msg, params);
    await refused({ payeeAddress: ETH_ADDRESS }, 'error.payee_address_invalid', { network: 'TRC20' });
    await refused({ payeeAddress: `${TRON_ADDRESS.slice(0, -1)}u` }, 'error.payee_address_invalid');
    await refused({ network: 'BTC' }, 'error.setting_value_invalid', { field: 'network' });
    await refused({ payeeAddress: '' }, 'error.required', { field: 'payeeAddress' });
    await refused({ minAmount: '300000' }, 'error.setting_min_above_max');
    await refused({ minAmount: '0.000000001' }, 'error.setting_too_precise', { decimals: 8 });
    await refused({ instructions: '<b>now</b>' }, 'error.setting_text_markup');
    await refused({ id: 999_999 }, 'error.setting_not_found');
    expect((await channel('USDT (TRC20)')).payeeAddress).toBe(TRON_ADDRESS);
  });

  it('checks ERC20 and bank payees by their own rules and hides a channel from customers', async () => {
    const erc = await channel('USDT (ERC20)');
    const base = { minAmount: '50', maxAmount: '500000', instructions: '', isVisible: 1, sort: 1, reason: 'setup' };
    await postRefused(
      server,
      finance.token,
      '/api/operator/rechargeChannels/save',
      { ...base, id: erc.id, network: 'ERC20', payeeAddress: '0x123' },
      'error.payee_address_invalid',
    );
    await postAudited(
      server,
      finance.token,
      '/api/operator/rechargeChannels/save',
      { ...base, id: erc.id, network: 'ERC20', payeeAddress: ETH_ADDRESS },
      { action: 'recharge_channel.save', staffId: finance.id },
    );
    const bank = await channel('Bank transfer (USD)');
    await postRefused(
      server,
      finance.token,
      '/api/operator/rechargeChannels/save',
      { ...base, id: bank.id, network: 'TRC20', payeeAddress: TRON_ADDRESS },
      'error.setting_value_invalid',
    );
    await postRefused(
      server,
      finance.token,
      '/api/operator/rechargeChannels/save',
      { ...base, id: bank.id, network: '', payeeAddress: 'Acme <Bank>' },
      'error.setting_text_markup',
    );
    await postRefused(
      server,
      finance.token,
      '/api/operator/rechargeChannels/save',
      { ...base, id: bank.id, network: '', payeeAddress: '', isVisible: 0, minAmount: '0.001' },
      'error.setting_too_precise',
      { decimals: 2 },
    );
    await postAudited(
      server,
      finance.token,
      '/api/operator/rechargeChannels/save',
      { ...base, id: bank.id, network: '', payeeAddress: '', isVisible: 0 },
      { action: 'recharge_channel.save', staffId: finance.id },
    );
    expect((await customerChannels()).map((row: { id: number }) => row.id)).not.toContain(bank.id);
  });

  it('saves a withdrawal channel’s bounds, fees and hours, shown to customers at once', async () => {
    const list = await server.get('/api/operator/withdrawChannels', { token: finance.token });
    const wire = list.body.rows.find((row: { channelName: string }) => row.channelName === 'Bank wire (USD)');
    const body = {
      id: wire.id,
      minAmount: '200',
      maxAmount: '150000',
      feeRate: '0.004',
      feeFixed: '1.50',
      dailyCount: 3,
      openHours: '08:00-18:00',
      isVisible: 1,
      sort: 1,
      reason: 'bank terms',
    };
    await postAudited(server, finance.token, '/api/operator/withdrawChannels/save', body, {
      action: 'withdraw_channel.save',
      staffId: finance.id,
    });
    const customer = await server.get('/api/withdrawChannelConfig/list');
    expect(customer.body.rows.find((row: { id: number }) => row.id === wire.id)).toMatchObject({
      minAmount: '200',
      feeRate: '0.004',
      feeFixed: '1.5',
      openHours: '08:00-18:00',
      dailyCount: 3,
    });
    const path = '/api/operator/withdrawChannels/save';
    await postRefused(
      server,
      finance.token,
      path,
      { ...body, openHours: '25:00-26:00' },
      'error.setting_value_invalid',
      { field: 'openHours' },
    );
    await postRefused(server, finance.token, path, { ...body, feeRate: '0.5' }, 'error.setting_out_of_range');
    await postRefused(server, finance.token, path, { ...body, feeFixed: '0.001' }, 'error.setting_too_precise');
    await postRefused(server, finance.token, path, { ...body, dailyCount: 0 }, 'error.invalid_param');
  });
});
