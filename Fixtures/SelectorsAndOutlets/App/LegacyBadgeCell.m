#import "LegacyBadgeCell.h"

@implementation LegacyBadgeCell

- (IBAction)badgeTapped:(id)sender {
  self.titleLabel.text = @"tapped";
}

@end
