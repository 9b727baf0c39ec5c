import { describe, expect, it } from 'vitest';
import {
  APP_HIDDEN_NAMES,
  CATEGORIES,
  isHiddenFromApp,
  isHiddenFromTrial,
  productByArn,
  productCategories,
  products,
  splitArn,
  TRIAL_HIDDEN_NAMES,
  trialKey,
} from './index.js';

const duplicates = (values: string[]) => values.filter((value, index) => values.indexOf(value) !== index);

describe('product registry', () => {
  it('has unique arns that split into four lowercase parts in region in', () => {
    expect(duplicates(products.map((product) => product.arn))).toEqual([]);
    for (const product of products) {
      const parts = product.arn.split('_');
      expect(parts, product.arn).toHaveLength(4);
      for (const part of parts) expect(part, product.arn).toMatch(/^[a-z][a-z0-9]*$/);
      expect(splitArn(product.arn).region).toBe('in');
    }
  });

  it('has unique names and unique trial keys', () => {
    expect(duplicates(products.map((product) => product.name))).toEqual([]);
    expect(duplicates(products.map((product) => trialKey(product.name)))).toEqual([]);
  });

  it('matches every trial-hidden name of the seed to exactly one product', () => {
    for (const hidden of TRIAL_HIDDEN_NAMES) {
      expect(
        products.filter((product) => trialKey(product.name) === hidden),
        hidden,
      ).toHaveLength(1);
    }
  });

  it('matches every app-hidden name to exactly one product', () => {
    for (const hidden of APP_HIDDEN_NAMES) {
      expect(products.filter((product) => trialKey(product.name) === hidden)).toHaveLength(1);
    }
    expect(products.filter(isHiddenFromApp).map((product) => product.name)).toEqual(['OKYC', 'Merchant Reports']);
  });

  it('hides only the seed list from the trial and leaves products with trial forms visible', () => {
    expect(products.filter(isHiddenFromTrial)).toHaveLength(TRIAL_HIDDEN_NAMES.length);
    for (const arn of ['in_identity_pan_lite', 'in_vehicle_rc_advance', 'in_merchant_cin_advance', 'in_contract_estamp_lite']) {
      expect(isHiddenFromTrial(productByArn(arn)!), arn).toBe(false);
    }
    expect(isHiddenFromTrial({ name: 'RC-Mini API' })).toBe(true);
    expect(isHiddenFromTrial({ name: 'RC MV Tax' })).toBe(true);
  });

  it('mixes auto-approved and approval-required products, also among onboarding ones', () => {
    expect(products.some((product) => product.auto_approval)).toBe(true);
    expect(products.some((product) => !product.auto_approval)).toBe(true);
    const onboarding = products.filter((product) => product.show_while_onboarding);
    expect(onboarding.filter((product) => product.auto_approval).length).toBeGreaterThanOrEqual(3);
    expect(onboarding.filter((product) => !product.auto_approval).length).toBeGreaterThanOrEqual(3);
    expect(new Set(onboarding.map((product) => product.category)).size).toBeGreaterThanOrEqual(5);
  });

  it('requires approval for the sensitive products', () => {
    for (const name of ['OKYC', 'Aadhaar Pro', 'Bank Account Advance', 'Aadhaar eSign', 'E-stamp', 'CKYC Search', 'CKYC Advance', 'Bank Statement Analyser']) {
      expect(products.find((product) => product.name === name)?.auto_approval, name).toBe(false);
    }
  });

  it('has the RC advance batch type', () => {
    expect(productByArn('in_vehicle_rc_advance')?.name).toBe('RC Advance');
  });

  it('gives every product descriptions, a known category and positive test credits', () => {
    const categories: string[] = Object.values(CATEGORIES);
    for (const product of products) {
      expect(product.name.trim(), product.arn).not.toBe('');
      expect(product.short_description.trim().length, product.arn).toBeGreaterThan(20);
      expect(product.additional_info.trim().length, product.arn).toBeGreaterThan(product.short_description.length);
      expect(product.additional_info, product.arn).not.toMatch(/lorem|ipsum|todo/i);
      expect(categories, product.arn).toContain(product.category);
      expect(Number.isInteger(product.default_free_transactions) && product.default_free_transactions > 0, product.arn).toBe(true);
    }
  });

  it('has unique documentation anchors', () => {
    const anchors = products.map((product) => `${product.docs.tag}/${product.docs.operation}`);
    expect(duplicates(anchors)).toEqual([]);
    for (const product of products) expect(product.docs.operation, product.arn).toMatch(/^[a-z0-9-]+$/);
  });

  it('lists each category once, in registry order', () => {
    expect(productCategories()).toEqual(Object.values(CATEGORIES));
  });

  it('is frozen', () => {
    expect(Object.isFrozen(products)).toBe(true);
    expect(Object.isFrozen(products[0])).toBe(true);
  });
});

describe('splitArn', () => {
  it('round-trips every arn', () => {
    for (const product of products) {
      const { region, category, service, type } = splitArn(product.arn);
      expect([region, category, service, type].join('_')).toBe(product.arn);
    }
    expect(splitArn('in_identity_pan_lite')).toEqual({ region: 'in', category: 'identity', service: 'pan', type: 'lite' });
  });

  it.each([
    '',
    'in_identity_pan',
    'in_identity_pan_lite_extra',
    'in__pan_lite',
    'IN_identity_pan_lite',
    'in_identity_pan_lite ',
    'in-identity-pan-lite',
    'in_identity_pan_1ite',
  ])('refuses %j', (arn) => expect(() => splitArn(arn)).toThrow(/Malformed product arn/));
});

describe('productByArn', () => {
  it('finds a product and misses an unknown arn', () => {
    expect(productByArn('in_identity_pan_lite')?.name).toBe('PAN Lite');
    expect(productByArn('in_identity_pan_unknown')).toBeUndefined();
    expect(productByArn('')).toBeUndefined();
  });
});

describe('trialKey', () => {
  it('lowercases and removes spaces only', () => {
    expect(trialKey('RC-Mini API')).toBe('rc-miniapi');
    expect(trialKey('Bank Statement Analyser')).toBe('bankstatementanalyser');
  });
});
