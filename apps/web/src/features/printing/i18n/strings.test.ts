import en from './en.json';
import fr from './fr.json';
import it from './it.json';
import de from './de.json';
import th from './th.json';
import { describeFeatureStrings } from '../../../testing/feature-strings.ts';

describeFeatureStrings('printing', { en, fr, it, de, th });
