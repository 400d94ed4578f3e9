import { describe, expect, it } from 'vitest';
import { CostingInputError, costStyle, materialAmount, processAmount, routingMinutes } from './style-costing';

describe('style costing', () => {
  it('charges a material line its consumption with wastage at its price', () => {
    // 1.35 m of jersey at 5 % wastage, 28.50 a metre: 1.35 × 1.05 × 28.5 = 40.39875 → 40.3988
    expect(materialAmount({ consumption: 1.35, wastage_pct: 5, unit_price: 28.5 })).toBe(40.3988);
    expect(materialAmount({ consumption: 2, unit_price: 0.3 })).toBe(0.6);
    expect(materialAmount({ consumption: 2, wastage_pct: 3 })).toBe(0);
  });

  it('charges an in-house step its minutes at the minute rate and an outsourced step its price', () => {
    expect(processAmount({ smv: 12.5, outsourced: false }, 0.65)).toBe(8.125);
    expect(processAmount({ smv: 4, outsourced: true, outsource_price: 3.2 }, 0.65)).toBe(3.2);
    expect(routingMinutes([{ smv: 2.2 }, { smv: 9.8 }, { smv: 5, outsourced: true }, { smv: 1.35 }])).toBe(13.35);
  });

  it('adds materials, processing, outsourcing and overhead, and prices by the margin on the price', () => {
    const c = costStyle(
      [
        { consumption: 1.35, wastage_pct: 5, unit_price: 28.5 }, // 40.3988
        { consumption: 0.15, wastage_pct: 3, unit_price: 12 }, // 1.854
        { consumption: 4, unit_price: 0.12 }, // 0.48
      ],
      [
        { smv: 1.5 }, // cutting: 0.975
        { smv: 10.5 }, // sewing: 6.825
        { smv: 2, outsourced: true, outsource_price: 2.8 }, // printing
        { smv: 1.2 }, // finishing: 0.78
      ],
      { minute_rate: 0.65, overhead_pct: 10, margin_pct: 20 },
    );
    expect(c.materials).toBe(42.7328);
    expect(c.processing).toBe(8.58);
    expect(c.outsourcing).toBe(2.8);
    expect(c.overhead).toBe(5.4113); // (42.7328 + 8.58 + 2.8) × 10 % = 5.41128
    expect(c.cost).toBe(59.5241);
    expect(c.price).toBe(74.4051); // 59.5241 / 0.8 = 74.405125
    expect(c.margin).toBe(14.881);
    expect(c.smv).toBe(13.2);
  });

  it('costs an empty style at nothing and a zero margin at cost', () => {
    expect(costStyle([], [], { minute_rate: 0.5 })).toEqual({ materials: 0, processing: 0, outsourcing: 0, overhead: 0, cost: 0, margin: 0, price: 0, smv: 0 });
    const c = costStyle([{ consumption: 1, unit_price: 10 }], [{ smv: 10 }], { minute_rate: 1, margin_pct: 0 });
    expect(c.price).toBe(c.cost);
    expect(c.cost).toBe(20);
  });

  it('refuses a margin of 100 % or more and negative figures', () => {
    expect(() => costStyle([], [], { minute_rate: 1, margin_pct: 100 })).toThrow(CostingInputError);
    expect(() => costStyle([], [], { minute_rate: -1 })).toThrow(CostingInputError);
    expect(() => materialAmount({ consumption: -1, unit_price: 2 })).toThrow(CostingInputError);
    try {
      costStyle([{ consumption: 1, wastage_pct: -5, unit_price: 1 }], [], { minute_rate: 1 });
    } catch (e) {
      expect((e as CostingInputError).field).toBe('wastage_pct');
    }
  });
});
