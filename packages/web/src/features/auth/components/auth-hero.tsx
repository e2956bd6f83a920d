import { BrandMark } from '../../../components/brand-mark';

/** The brand mark, a headline and one line of context above each auth form. */
export function AuthHero({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="form-hero">
      <div className="form-hero-mark">
        <BrandMark size={44} />
      </div>
      <h2 className="form-hero-title">{title}</h2>
      <p className="form-hero-subtitle">{subtitle}</p>
    </div>
  );
}
