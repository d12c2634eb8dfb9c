import type { CSSProperties, ReactNode } from 'react';
import type { ApplicationItem, MenuCategory } from '../../contract/desktop';
import { useAppNames } from '../features/menu/index';

export interface CategorySectionsProps {
  categories: readonly MenuCategory[];
  /** Whose sections: their classes are `${block}__category` and `${block}__category-title`. */
  block: 'desktop' | 'mobile-desktop';
  /** A section's own style (the PC desktop spans grid columns by the icons' count). */
  style?: (category: MenuCategory) => CSSProperties;
  /** Draws a category's icons, the grid named as its section (the PC's grid reorders by drag). */
  grid: (apps: readonly ApplicationItem[], label: string) => ReactNode;
}

/**
 * The icons by category, on the PC and the phone desktops (teachers of school units, spec §3 menu
 * category): a section per category with icons, titled with the category's name in the user's
 * language and named by that title.
 */
export function CategorySections({ categories, block, style, grid }: CategorySectionsProps) {
  const names = useAppNames();
  return categories
    .filter((category) => category.iconVMs.length > 0)
    .map((category) => {
      const name = names.category(category);
      const titleId = `category-${category.code}`;
      return (
        <section
          key={category.code}
          className={`${block}__category`}
          aria-labelledby={titleId}
          style={style?.(category)}
        >
          <h2 id={titleId} className={`${block}__category-title`}>
            {name}
          </h2>
          {grid(category.iconVMs, name)}
        </section>
      );
    });
}
