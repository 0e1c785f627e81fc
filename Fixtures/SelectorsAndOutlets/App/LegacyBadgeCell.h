#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

@interface LegacyBadgeCell : UITableViewCell {
  UILabel *_countLabel;
}
@property (nonatomic, weak) IBOutlet UILabel *titleLabel;
- (IBAction)badgeTapped:(id)sender;
@end

NS_ASSUME_NONNULL_END
