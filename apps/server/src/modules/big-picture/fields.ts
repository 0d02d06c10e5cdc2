// The Big Picture's GraphQL fields (spec 001 §7; issue 17): arguments and answers as the domain's zod
// schemas (packages/domain/src/schemas/bigPicture.ts), from which the types are generated. The
// resolvers are in graphql.ts; the xlsx download is REST (routes.ts).
import {
  AttributesArgs,
  BigPictureFilter,
  BigPictureReport,
  ChildAttribute,
  EthnicitiesArgs,
  Ethnicity,
  GradingsOverviewArgs,
  GradingsOverviewRow,
} from '@nursery/domain/spotlight';
import { z } from 'zod';
import { queryFields } from '../../lib/graphql-fields.ts';

export const bigPictureQuery = queryFields({
  bigPicture: {
    description:
      'BigPicture: the filtered children of a site with their grading summary (counts by item, event type, age range and value) on published events since dateFrom.',
    args: BigPictureFilter,
    answer: BigPictureReport,
    types: {
      name: 'BigPictureReport',
      names: {
        children: 'BigPictureChild',
        'children.gradingSummary': 'GradingSummary',
        'children.gradingSummary.eventType': 'SpotlightType',
      },
    },
  },
  gradingsOverview: {
    description:
      'GradingsOverview: the distinct gradings (value null = best fit) of the children on published events since dateFrom.',
    args: GradingsOverviewArgs,
    answer: z.array(GradingsOverviewRow),
    types: { name: 'GradingsOverviewRow' },
  },
  attributes: {
    description:
      'Attributes: the custom child attributes with their list items (the Big Picture attribute filter).',
    args: AttributesArgs,
    answer: z.array(ChildAttribute),
    types: { name: 'ChildAttribute', names: { listItems: 'ChildAttributeListItem' } },
  },
  ethnicities: {
    description: 'ethnicities: the provider’s ethnicities (the Big Picture ethnicity filter).',
    args: EthnicitiesArgs,
    answer: z.array(Ethnicity),
    types: { name: 'Ethnicity' },
  },
});
